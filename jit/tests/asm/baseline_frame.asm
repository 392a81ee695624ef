function f (baseline asm, 293 bytes)
    00000  jmp 0000000000000075h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-20h],rsi
    0001a  mov [rbp-18h],rdi
    00021  xor eax,eax
    00023  mov [rbp-10h],rax
    0002a  mov [rbp-8],rax
; line 8: add
    00031  mov rax,[rbp-20h]
    00038  mov rcx,[rbp-18h]
    0003f  add rax,rcx
    00042  mov [rbp-10h],rax
; line 9: add
    00049  mov rax,[rbp-10h]
    00050  mov rcx,[rbp-8]
    00057  add rax,rcx
    0005a  mov [rbp-10h],rax
; line 10: ret
    00061  mov rax,[rbp-10h]
    00068  mov rsp,rbp
    0006b  pop rbp
    0006c  ret
; unwind to the entry from the interpreter
    0006d  mov rsp,[r15+28h]
    00074  ret
; external entry (from the interpreter)
    00075  push rbp
    00076  mov rbp,rsp
    00079  push rbx
    0007a  push r12
    0007c  push r13
    0007e  push r14
    00080  push r15
    00082  mov r15,ADDR
    0008c  mov [r15+30h],rdi
    00093  push qword ptr [r15+28h]
    0009a  mov r14,8
    000a4  mov r13,[r15+10h]
    000ab  sub r13,[r15]
    000b2  lea rax,[0FEh]
    000b9  push rax
    000ba  mov [r15+28h],rsp
    000c1  sub rsp,8
    000c5  mov rdx,rsi
    000c8  sub rsp,10h
    000cf  mov rsi,[rdx]
    000d6  mov rdi,[rdx+8]
    000dd  call 8
    000e2  xor edx,edx
    000e4  lea rsp,[rbp-30h]
    000eb  pop rcx
    000ec  mov [r15+28h],rcx
    000f3  pop r15
    000f5  pop r14
    000f7  pop r13
    000f9  pop r12
    000fb  pop rbx
    000fc  pop rbp
    000fd  ret
    000fe  lea rbp,[rsp+30h]
    00106  mov edx,1
    0010b  lea rsp,[rbp-30h]
    00112  pop rcx
    00113  mov [r15+28h],rcx
    0011a  pop r15
    0011c  pop r14
    0011e  pop r13
    00120  pop r12
    00122  pop rbx
    00123  pop rbp
    00124  ret

