function main (asm, 258 bytes)
    00000  jmp 0000000000000059h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  test rsi,rsi
    0000b  jne 0000000000000018h
; return before the frame
    00011  mov eax,0
    00017  ret
; frame
    00018  push rbp
    00019  mov rbp,rsp
    0001c  sub rsp,0
    00023  mov edi,0
; line 6: jz
    00029  test rsi,rsi
    0002c  je 000000000000004Ch
    00032  nop [rax+rax]
    0003b  nop [rax+rax]
; line 7: add
    00040  add rdi,rsi
; line 8: sub
    00043  sub rsi,1
; line 9: jmp
; line 6: jz
    00047  test rsi,rsi
    0004a  jne 0000000000000040h
; line 11: ret
    0004c  mov rax,rdi
    0004f  mov rsp,rbp
    00052  pop rbp
    00053  ret
; unwind to the entry from the interpreter
    00054  mov rsp,[r15+28h]
    00058  ret
; external entry (from the interpreter)
    00059  push rbp
    0005a  mov rbp,rsp
    0005d  push rbx
    0005e  push r12
    00060  push r13
    00062  push r14
    00064  push r15
    00066  mov r15,ADDR
    00070  mov [r15+30h],rdi
    00077  push qword ptr [r15+28h]
    0007e  mov r14,8
    00088  mov r13,[r15+10h]
    0008f  sub r13,[r15]
    00096  lea rax,[0DBh]
    0009d  push rax
    0009e  mov [r15+28h],rsp
    000a5  sub rsp,8
    000a9  mov rdx,rsi
    000ac  sub rsp,10h
    000b3  mov rsi,[rdx]
    000ba  call 8
    000bf  xor edx,edx
    000c1  lea rsp,[rbp-30h]
    000c8  pop rcx
    000c9  mov [r15+28h],rcx
    000d0  pop r15
    000d2  pop r14
    000d4  pop r13
    000d6  pop r12
    000d8  pop rbx
    000d9  pop rbp
    000da  ret
    000db  lea rbp,[rsp+30h]
    000e3  mov edx,1
    000e8  lea rsp,[rbp-30h]
    000ef  pop rcx
    000f0  mov [r15+28h],rcx
    000f7  pop r15
    000f9  pop r14
    000fb  pop r13
    000fd  pop r12
    000ff  pop rbx
    00100  pop rbp
    00101  ret

