function main (asm, 257 bytes)
    00000  jmp 000000000000005Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov edi,0
; line 6: jz
    00019  test rsi,rsi
    0001c  je 000000000000004Ch
    00022  nop [rax+rax]
    0002b  nop [rax+rax]
    00034  nop [rax+rax]
    0003d  nop [rax]
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
    0005b  ret
; external entry (from the interpreter)
    0005c  push rbp
    0005d  mov rbp,rsp
    00060  push rbx
    00061  push r12
    00063  push r13
    00065  push r14
    00067  push r15
    00069  mov r12,rdi
    0006c  mov r15,ADDR
    00076  push qword ptr [r15+28h]
    0007d  mov r14,8
    00087  mov r13,[r15+10h]
    0008e  sub r13,[r15]
    00095  lea rax,[0DAh]
    0009c  push rax
    0009d  mov [r15+28h],rsp
    000a4  sub rsp,8
    000a8  mov rdx,rsi
    000ab  sub rsp,10h
    000b2  mov rsi,[rdx]
    000b9  call 8
    000be  xor edx,edx
    000c0  lea rsp,[rbp-30h]
    000c7  pop rcx
    000c8  mov [r15+28h],rcx
    000cf  pop r15
    000d1  pop r14
    000d3  pop r13
    000d5  pop r12
    000d7  pop rbx
    000d8  pop rbp
    000d9  ret
    000da  lea rbp,[rsp+30h]
    000e2  mov edx,1
    000e7  lea rsp,[rbp-30h]
    000ee  pop rcx
    000ef  mov [r15+28h],rcx
    000f6  pop r15
    000f8  pop r14
    000fa  pop r13
    000fc  pop r12
    000fe  pop rbx
    000ff  pop rbp
    00100  ret

