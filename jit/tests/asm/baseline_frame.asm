function f (baseline asm, 257 bytes)
    00000  jmp 0000000000000051h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-20h],rsi
    00017  mov [rbp-18h],rdi
    0001b  xor eax,eax
    0001d  mov [rbp-10h],rax
    00021  mov [rbp-8],rax
; line 8: add
    00025  mov rax,[rbp-20h]
    00029  mov rcx,[rbp-18h]
    0002d  add rax,rcx
    00030  mov [rbp-10h],rax
; line 9: add
    00034  mov rax,[rbp-10h]
    00038  mov rcx,[rbp-8]
    0003c  add rax,rcx
    0003f  mov [rbp-10h],rax
; line 10: ret
    00043  mov rax,[rbp-10h]
    00047  mov rsp,rbp
    0004a  pop rbp
    0004b  ret
; unwind to the entry from the interpreter
    0004c  mov rsp,[r15+28h]
    00050  ret
; external entry (from the interpreter)
    00051  push rbp
    00052  mov rbp,rsp
    00055  push rbx
    00056  push r12
    00058  push r13
    0005a  push r14
    0005c  push r15
    0005e  mov r15,ADDR
    00068  mov [r15+30h],rdi
    0006f  push qword ptr [r15+28h]
    00076  mov r14,8
    00080  mov r13,[r15+10h]
    00087  sub r13,[r15]
    0008e  lea rax,[0DAh]
    00095  push rax
    00096  mov [r15+28h],rsp
    0009d  sub rsp,8
    000a1  mov rdx,rsi
    000a4  sub rsp,10h
    000ab  mov rsi,[rdx]
    000b2  mov rdi,[rdx+8]
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

