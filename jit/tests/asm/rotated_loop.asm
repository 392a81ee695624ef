function main (asm, 258 bytes)
    00000  jmp 0000000000000059h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov eax,0
    0000e  cmp rax,rsi
    00011  jl 000000000000001Eh
; return before the frame
    00017  mov eax,0
    0001d  ret
; frame
    0001e  push rbp
    0001f  mov rbp,rsp
    00022  sub rsp,0
    00029  mov rdi,rsi
    0002c  mov esi,0
; line 8: jge
    00032  cmp rsi,rdi
    00035  jge 0000000000000049h
    0003b  nop [rax+rax]
; line 9: add
    00040  add rsi,1
; line 10: jmp
; line 8: jge
    00044  cmp rsi,rdi
    00047  jl 0000000000000040h
; line 12: ret
    00049  mov rax,rsi
    0004c  mov rsp,rbp
    0004f  pop rbp
    00050  ret
; unwind to the entry from the interpreter
    00051  mov rsp,[r15+28h]
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

